import ATSReport

/// `atscheck cert --trust-store`: the shipped snapshots, as JSON or text.
enum TrustStoreListing {
    static func report() throws -> TrustStoreListingReport {
        do {
            return try TrustStoreListingReport()
        } catch {
            throw InputError(description: "cert: \(error)")
        }
    }

    static func text(_ report: TrustStoreListingReport) -> String {
        var out = "Apple trust snapshots (apple-oss-distributions/security_certificates), preinstalled roots by default:\n"
        for entry in report.snapshots {
            out += "\n  \(entry.tag)\(entry.isDefault ? "  [default]" : "")\n"
            out += "    shipped with \(entry.shippedWith); tagged \(entry.date.prefix(10)); used for \(entry.usedFor)\n"
            out += "    \(entry.roots) preinstalled roots, \(entry.removedRoots) removed roots, \(entry.ctLogs) CT logs\n"
        }
        return out
    }
}
