let appcast = "http://mac.atscheck.test/appcast.xml"
