import ArgumentParser
import Foundation
import PushProofConformance
import PushProofSuites

/// The implementation a command works on: the reference, or one of its known-bad variants
/// (`--mutant ID`), in this process; `fuzz` and `adapter` choose the same way.
enum ImplementationChoice {
    static func inProcess(mutant id: String?) throws -> any ConformanceImplementation {
        let catalogue = Suites.catalogue
        guard let id else { return catalogue.reference }
        guard let mutant = catalogue.mutant(named: id) else {
            throw ValidationError("unknown mutant \(id); known: \(catalogue.mutants.map(\.id).joined(separator: ", "))")
        }
        return MutatedImplementation(mutant, reference: catalogue.reference)
    }
}
