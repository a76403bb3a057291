/// Picks tests by vector file name, by `file:tcId` and by profile.
public struct TestSelection: Sendable {
    public var files: Set<String>
    public var tests: Set<String>
    public var profiles: Set<Profile>

    public init(files: [String] = [], tests: [String] = [], profiles: [Profile] = []) {
        self.files = Set(files)
        self.tests = Set(tests)
        self.profiles = Set(profiles)
    }

    func includes(file: String, profile: Profile, tcId: Int) -> Bool {
        (files.isEmpty || files.contains(file)) && (profiles.isEmpty || profiles.contains(profile))
            && (tests.isEmpty || tests.contains("\(file):\(tcId)"))
    }
}
