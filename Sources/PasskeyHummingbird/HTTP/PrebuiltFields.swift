package import HTTPTypes

extension HTTPFields {
    /// Sets each of `fields` (built once, so each response only copies them), replacing any value a route gave the
    /// same name. When none of the names is present, the usual case, the fields are appended as they are, with no
    /// lookup per name.
    package mutating func set(_ fields: [HTTPField]) {
        if contains(where: { present in fields.contains { $0.name == present.name } }) {
            for field in fields { self[field.name] = field.value }
        } else {
            append(contentsOf: fields)
        }
    }
}
