import UIKit

let home = URL(string: "http://app.atscheck.test/")!
