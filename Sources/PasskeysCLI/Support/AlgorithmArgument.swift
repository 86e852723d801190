import PasskeyCore

/// An `--algorithm` value of `verify registration`, `register` and `load`: a name such as `ML-DSA-65` or a COSE
/// number, read by the model's one parser so every command accepts and refuses the same spellings.
enum AlgorithmArgument {
    static func parse(_ text: String) throws -> COSEAlgorithm {
        do { return try COSEAlgorithm.parse(text, field: "--algorithm") } catch { throw UsageError(error.message) }
    }
}
