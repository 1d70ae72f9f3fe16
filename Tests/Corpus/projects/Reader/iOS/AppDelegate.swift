import UIKit

let home = URL(string: "http://app.atscheck.test/")!

@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
        URLSession.shared.dataTask(with: home).resume()
        return true
    }
}
