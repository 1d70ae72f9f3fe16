print("atscheck")
