import PushProofConformance

/// The one list of suites: the runner, the vector generator, the adapter server, the mutants and
/// the tests all take it from here. A new suite is a folder beside the others and a line here.
public enum Suites {
    public static let all: [any ConformanceSuite] = [
        RegistrationSuite(),
        EnvelopeSuite(),
        ConvosPushSuite(),
        IdentitySuite(),
        ExplodeSuite(),
        CatbirdIdentitySuite(),
        CatbirdKeyPackageSuite(),
        CatbirdRegistrationSuite(),
        CatbirdEpochKeysSuite(),
    ]

    public static let catalogue = ConformanceCatalogue(suites: all)
}
