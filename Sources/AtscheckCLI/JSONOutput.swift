import ATSReport
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every command's JSON goes through ATSReport's one encoder configuration.
enum JSONOutput {
    static func encode<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try ReportJSON.document(value), as: UTF8.self)
    }
}
