let stub = "http://stub.atscheck.test/"
