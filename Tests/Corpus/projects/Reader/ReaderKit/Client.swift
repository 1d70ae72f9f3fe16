let api = "http://kit.atscheck.test/v1"
let secure = "https://kit.atscheck.test/v2"
