#if DEBUG
let a = "http://a.example.org"
#else
let b = URL(string: "\(x)http://b")!
#endif
