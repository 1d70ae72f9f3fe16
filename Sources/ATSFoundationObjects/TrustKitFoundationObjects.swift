import ATSPinning
import ATSPinningLoaders
import ATSPolicy
import Foundation

extension PinPolicy {
    /// Reads a TrustKit configuration given as Foundation objects: either the configuration
    /// dictionary itself or an Info.plist dictionary with a `TSKConfiguration` key (a bundle's
    /// `infoDictionary`, `JSONSerialization`'s result). Foundation Booleans read as Booleans,
    /// not as 0 and 1 (`PlistValue(foundationObject:)`); then the rules of `fromTrustKit(_:)`
    /// for a `PlistValue` apply.
    public static func fromTrustKit(_ dictionary: [String: Any]) -> PinLoadResult {
        let value: PlistValue
        do throws(PlistReadError) {
            value = try PlistValue(foundationObject: dictionary)
        } catch {
            return PinLoadResult(policies: [], problems: ["TrustKit configuration holds a value that is not a property-list type: \(error.message)"])
        }
        return fromTrustKit(value)
    }
}
