let feed = "http://widget.atscheck.test/feed"
