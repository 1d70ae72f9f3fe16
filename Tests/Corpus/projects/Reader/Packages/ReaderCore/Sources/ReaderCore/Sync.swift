let sync = URL(string: "http://core.atscheck.test/sync")!
