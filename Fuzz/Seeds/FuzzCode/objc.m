#define K @"http://k" \
 @"/v"
[NSURL URLWithString:K];
