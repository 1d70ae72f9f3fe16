const x = <View a={{ uri: `${b}/c` }}>t {1}</View>; fetch(x); /re"/.test(y)
