import ATSVocabulary
import AtscheckSystem

/// One resolved socket address and its numeric text.
struct ResolvedAddress: Sendable, Hashable {
    let address: SocketAddress
    let text: String
}

/// The addresses of an endpoint, or why there are none.
enum Resolution {
    case success([ResolvedAddress])
    case failure(ProbeFailure)
}

/// Resolves an endpoint once, before any probe runs (getaddrinfo blocks, so it runs on the
/// prober's own thread, never on a Swift-concurrency thread).
enum AddressResolver {
    /// The addresses to dial, in getaddrinfo's (RFC 6724) order, without duplicates.
    /// Uses `endpoint.address` (numeric only) when given, else `endpoint.host`, of whose
    /// addresses only the public ones under `publicAddressesOnly`.
    static func resolve(_ endpoint: Endpoint) -> Resolution {
        let numericOnly = endpoint.address != nil
        let node = HostPort.unbracketed(endpoint.address ?? endpoint.host)
        do {
            let addresses = try Resolver.resolve(node, port: endpoint.port, numericHost: numericOnly)
            let resolved = addresses.map { address in
                let text = address.ipText
                return ResolvedAddress(address: address, text: text == "?" ? node : text)
            }
            guard endpoint.publicAddressesOnly, !numericOnly else { return .success(resolved) }
            let publicOnes = resolved.filter { $0.address.nonPublicKind == nil }
            return publicOnes.isEmpty ? .failure(refusal(node, resolved)) : .success(publicOnes)
        } catch {
            let what = numericOnly ? "address \"\(node)\" is not an IP literal" : "cannot resolve \(node)"
            return .failure(ProbeFailure.connectionFailed("\(what): \(error.reason)"))
        }
    }

    /// Why a host resolving only to non-public addresses is not contacted, naming them.
    static func refusal(_ host: String, _ addresses: [ResolvedAddress]) -> ProbeFailure {
        let kinds = addresses.map { $0.address.nonPublicKind ?? "public" }
        let listed = Set(kinds).count == 1
            ? "\(kinds[0]) addresses (\(addresses.map(\.text).joined(separator: ", ")))"
            : "non-public addresses (\(zip(addresses, kinds).map { "\($0.text) \($1)" }.joined(separator: ", ")))"
        return .connectionFailed("not probed: \(host) resolves only to \(listed) (--allow-private-probe probes it)")
    }

    /// True when `host` is an IPv4 or IPv6 literal (brackets and a zone allowed).
    static func isIPLiteral(_ host: String) -> Bool {
        IPAddress.isLiteral(HostPort.unbracketed(host))
    }

    /// The SNI to send: the explicit server name (an empty one means none), else the host when
    /// it is a name. Never an IP literal (RFC 6066 §3); a trailing dot is dropped.
    static func serverName(for endpoint: Endpoint) -> String? {
        let candidate = endpoint.serverName ?? (isIPLiteral(endpoint.host) ? nil : endpoint.host)
        guard var name = candidate, !name.isEmpty, !isIPLiteral(name) else { return nil }
        while name.hasSuffix(".") { name.removeLast() }
        return name.isEmpty ? nil : name
    }
}
