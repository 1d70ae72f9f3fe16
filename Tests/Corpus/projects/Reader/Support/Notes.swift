import Foundation

let notes = "http://loose.atscheck.test/"

func fetchNotes() {
    URLSession.shared.dataTask(with: URL(string: notes)!).resume()
}
