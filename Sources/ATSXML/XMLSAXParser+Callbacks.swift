import CLibXML2

// libxml2's SAX2 callbacks, turned into `XMLEvent`s. The set installed is the one
// swift-corelibs-foundation's XMLParser installs on Linux (plus `entityDecl`, which it leaves
// out), because which callbacks exist changes what libxml2 does: `ignorableWhitespace` stays
// unset, so whitespace goes through `characters` (or is dropped where libxml2 calls it
// ignorable); `startDocument` is not libxml2's own, so no document tree is ever built.

extension XMLSAXParser {
    static let structuredError: xmlStructuredErrorFunc = { userData, error in
        guard let error else { return }
        owner(userData).deliver(.error(code: Int(error.pointee.code)))
    }

    static func handlerTable() -> xmlSAXHandler {
        var sax = xmlSAXHandler()
        // The document type declaration: with no document tree these do nothing, as in libxml2's
        // default handler without one.
        sax.internalSubset = { userData, name, externalID, systemID in
            xmlSAX2InternalSubset(owner(userData).context, name, externalID, systemID)
        }
        sax.externalSubset = { userData, name, externalID, systemID in
            xmlSAX2ExternalSubset(owner(userData).context, name, externalID, systemID)
        }
        sax.getEntity = { userData, name in
            if let predefined = xmlGetPredefinedEntity(name) { return predefined }
            let parser = owner(userData)
            if let entity = xmlSAX2GetEntity(parser.context, name) { return entity }
            parser.deliver(.undefinedEntity(name: string(name) ?? ""))
            return nil
        }
        sax.entityDecl = { userData, name, _, _, _, _ in
            owner(userData).deliver(.entityDeclaration(name: string(name) ?? ""))
        }
        sax.unparsedEntityDecl = { userData, name, publicID, systemID, notation in
            let parser = owner(userData)
            xmlSAX2UnparsedEntityDecl(parser.context, name, publicID, systemID, notation)
            parser.deliver(.entityDeclaration(name: string(name) ?? ""))
        }
        sax.notationDecl = { _, _, _, _ in }
        // The handler owns the enumeration of an attribute declaration.
        sax.attributeDecl = { _, _, _, _, _, _, tree in xmlFreeEnumeration(tree) }
        sax.elementDecl = { _, _, _, _ in }
        sax.startDocument = { _ in }
        sax.endDocument = { _ in }
        sax.startElementNs = { userData, localName, prefix, _, namespaceCount, namespaces, attributeCount, _, attributes in
            let name = qualifiedName(localName, prefix: prefix)
            let collected = collectAttributes(namespaces: namespaces, namespaceCount: Int(namespaceCount),
                                              attributes: attributes, attributeCount: Int(attributeCount))
            owner(userData).deliver(.startElement(name: name, attributes: collected))
        }
        sax.endElementNs = { userData, localName, prefix, _ in
            owner(userData).deliver(.endElement(name: qualifiedName(localName, prefix: prefix)))
        }
        sax.characters = { userData, text, length in
            let buffer = UnsafeBufferPointer(start: text, count: Int(length))
            owner(userData).deliver(.characters(String(decoding: buffer, as: UTF8.self)))
        }
        sax.cdataBlock = { userData, text, length in
            owner(userData).deliver(.cdata(Array(UnsafeBufferPointer(start: text, count: Int(length)))))
        }
        sax.processingInstruction = { _, _, _ in }
        sax.comment = { userData, text in owner(userData).deliver(.comment(string(text) ?? "")) }
        atsxml_set_ignored_error_message(&sax)
        sax.initialized = UInt32(XML_SAX2_MAGIC)
        return sax
    }
}

/// The parser a callback's user-data pointer stands for.
private func owner(_ userData: UnsafeMutableRawPointer?) -> XMLSAXParser {
    Unmanaged<XMLSAXParser>.fromOpaque(userData!).takeUnretainedValue()
}

private func string(_ text: UnsafePointer<xmlChar>?) -> String? {
    text.map { String(cString: $0) }
}

/// A name with its prefix, as written.
private func qualifiedName(_ local: UnsafePointer<xmlChar>?, prefix: UnsafePointer<xmlChar>?) -> String {
    let name = string(local) ?? ""
    guard let prefix = string(prefix) else { return name }
    return prefix + ":" + name
}

/// `startElementNs`'s namespace declarations (prefix and URI pairs) and attributes (five
/// pointers each: local name, prefix, URI, value, end of value) as one dictionary of names
/// as written; a later entry of the same name replaces an earlier one.
private func collectAttributes(namespaces: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?, namespaceCount: Int,
                               attributes: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?,
                               attributeCount: Int) -> [String: String] {
    var collected: [String: String] = [:]
    if let namespaces {
        for index in stride(from: 0, to: namespaceCount * 2, by: 2) {
            let name = string(namespaces[index]).map { "xmlns:" + $0 } ?? "xmlns"
            collected[name] = string(namespaces[index + 1]) ?? ""
        }
    }
    guard let attributes else { return collected }
    for index in stride(from: 0, to: attributeCount * 5, by: 5) {
        guard let local = string(attributes[index]) else { continue }
        var name = local
        if let prefix = string(attributes[index + 1]), !prefix.isEmpty { name = prefix + ":" + local }
        guard let value = attributes[index + 3], let end = attributes[index + 4] else { continue }
        collected[name] = String(decoding: UnsafeBufferPointer(start: value, count: max(0, end - value)), as: UTF8.self)
    }
    return collected
}
