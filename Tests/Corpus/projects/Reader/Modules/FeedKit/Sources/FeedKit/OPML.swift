let opml = URL(string: "http://feedkit.atscheck.test/opml")!
