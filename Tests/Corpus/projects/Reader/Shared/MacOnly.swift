let macOnly = "http://maconly.atscheck.test/"
