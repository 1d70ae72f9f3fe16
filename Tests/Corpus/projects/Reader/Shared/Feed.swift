let shared = "http://shared.atscheck.test/"
