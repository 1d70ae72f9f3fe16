let notes = "http://loose.atscheck.test/"
