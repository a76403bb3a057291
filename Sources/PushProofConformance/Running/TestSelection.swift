/// Picks tests by suite name and by `suite:tcId`.
public struct TestSelection: Sendable {
    public var suites: Set<String>
    public var tests: Set<String>
    public var profiles: Set<Profile>

    public init(suites: [String] = [], tests: [String] = [], profiles: [Profile] = []) {
        self.suites = Set(suites)
        self.tests = Set(tests)
        self.profiles = Set(profiles)
    }

    func includes(suite: String, profile: Profile, tcId: Int) -> Bool {
        (suites.isEmpty || suites.contains(suite)) && (profiles.isEmpty || profiles.contains(profile))
            && (tests.isEmpty || tests.contains("\(suite):\(tcId)"))
    }
}
