import DTORuntime
import Foundation
import Testing

/// Each real payload from ../shared/conformance/payloads, decoded by DTOs that dtogen
/// generated from Tests/Fixtures/conformance-specs, mapped to domain models, and round-tripped.
struct GitHubTests {
    @Test func user() throws {
        let account = try Payloads.decode(Account.self, from: "github-user.json")
        #expect(account.login == "nerdishbynature")
        #expect(account.id == 6136721)
        #expect(account.type == .organization)
        #expect(account.bio == nil)
        #expect(account.gravatarID == "")
        #expect(account.avatarURL.absoluteString == "https://avatars.githubusercontent.com/u/6136721?v=4")
        #expect(account.createdAt == utc(2013, 12, 8, 17, 54, 13))
        try expectRoundTrip(account)

        let profile = GitHubProfile(from: account)
        #expect(
            profile
                == GitHubProfile(
                    login: "nerdishbynature", displayName: "nerdish by nature", isOrganization: true,
                    kind: "Organization",
                    website: URL(string: "nerdishbynature.com"), joined: utc(2013, 12, 8, 17, 54, 13), followers: 3
                ))
    }

    @Test func repository() throws {
        let repo = try Payloads.decode(Repository.self, from: "github-repo.json")
        #expect(repo.fullName == "ossf/scorecard")
        #expect(repo.owner.type == .organization)
        #expect(repo.license?.spdxID == "Apache-2.0")
        #expect(repo.permissions?["admin"] == true)
        #expect(repo.visibility == .public)
        #expect(repo.mirrorURL == nil)
        try expectRoundTrip(repo)

        let summary = RepositorySummary(from: repo)
        #expect(summary.ownerLogin == "ossf")
        #expect(summary.stars == 2643)
        #expect(summary.topics == ["scorecard", "security-scorecards"])
        #expect(summary.canAdmin)
        #expect(summary.homepage == nil, "an empty homepage string is no URL")
    }

    @Test func issues() throws {
        let issues = try Payloads.decode([Issue].self, from: "github-issues.json")
        #expect(issues.map(\.number) == [188, 153, 111, 73, 40, 38])
        #expect(issues[0].body?.contains("\r\n") == true)
        #expect(issues[0].milestone == nil)
        #expect(issues[1].labels.map(\.name) == ["enhancement", "help wanted"])
        #expect(issues[1].labels[0].description == nil)
        #expect(issues.allSatisfy { $0.state == .open && $0.pullRequest == nil })
        try expectRoundTrip(issues)

        let summaries = IssueSummary.from(issues)
        #expect(
            summaries[1]
                == IssueSummary(
                    number: 153, title: "Repositories tags", author: "luis-ifolor",
                    labels: [
                        IssueLabel(name: "enhancement", color: issues[1].labels[0].color),
                        IssueLabel(name: "help wanted", color: issues[1].labels[1].color),
                    ],
                    isOpen: true, thumbsUp: 0, opened: utc(2022, 10, 7, 10, 31, 20)
                ))
    }

    @Test func unknownEnumValueSurvivesRoundTrip() throws {
        let json = Data(
            #"{"login":"x","id":1,"node_id":"n","avatar_url":"https://a.example/x","gravatar_id":"","type":"Enterprise","site_admin":false}"#
                .utf8)
        let account = try JSONDecoder().decode(Account.self, from: json)
        #expect(account.type == .other("Enterprise"))
        #expect(account.type.rawValue == "Enterprise")
        let encoded = try JSONSerialization.jsonObject(with: JSONEncoder().encode(account)) as? [String: Any]
        #expect(encoded?["type"] as? String == "Enterprise")
    }

    @Test func lossyArraySkipsBadElements() throws {
        let json = Data(
            #"""
            {"id":1,"number":2,"title":"t","user":{"login":"x","id":1,"node_id":"n","avatar_url":"https://a.example/x","gravatar_id":"","type":"User","site_admin":false},
             "labels":[{"id":1,"name":"ok","color":"fff","default":false},{"id":"bad"},{"id":3,"name":"ok2","color":"000","default":true}],
             "state":"closed","locked":false,"assignees":[],"comments":0,"created_at":"2020-01-01T00:00:00Z","updated_at":"2020-01-01T00:00:00Z",
             "author_association":"NONE","reactions":{"url":"https://a.example/r","total_count":1,"+1":1,"-1":0,"laugh":0,"hooray":0,"confused":0,"heart":0,"rocket":0,"eyes":0}}
            """#.utf8)
        let issue = try JSONDecoder().decode(Issue.self, from: json)
        #expect(issue.labels.map(\.name) == ["ok", "ok2"])
        #expect(issue.reactions.thumbsUp == 1)
        #expect(issue.state == .closed)
    }
}

struct PlaceholderTests {
    @Test func users() throws {
        let users = try Payloads.decode([PlaceholderUser].self, from: "jsonplaceholder-users.json")
        #expect(users.count == 10)
        #expect(users[0].address.geo.lat == "-37.3159")
        try expectRoundTrip(users)

        let contacts = try Contact.from(users)
        #expect(
            contacts[0]
                == Contact(
                    id: 1, name: "Leanne Graham", email: users[0].email, city: "Gwenborough", latitude: -37.3159,
                    longitude: 81.1496,
                    website: URL(string: "hildegard.org")!, company: "Romaguera-Crona"
                ))
    }

    @Test func badLatitudeIsAMappingErrorNotACrash() throws {
        var users = try Payloads.decode([PlaceholderUser].self, from: "jsonplaceholder-users.json")
        let bad = users[0]
        users[0] = PlaceholderUser(
            id: bad.id, name: bad.name, username: bad.username, email: bad.email,
            address: .init(street: "", suite: "", city: "", zipcode: "", geo: .init(lat: "north", lng: "0")),
            phone: bad.phone, website: bad.website, company: bad.company
        )
        #expect(throws: MappingError.self) { try Contact(from: users[0]) }
        do {
            _ = try Contact(from: users[0])
        } catch let error as MappingError {
            #expect(error.model == "Contact")
            #expect(error.field == "latitude")
            #expect(error.source == "address.geo.lat")
        }
    }

    @Test func posts() throws {
        let posts = try Payloads.decode([Post].self, from: "jsonplaceholder-posts.json")
        #expect(posts.count == 30)
        let articles = Article.from(posts)
        #expect(articles[0].authorID == 1)
        #expect(articles[0].source == "jsonplaceholder")
        #expect(articles[29].id == 30)
        try expectRoundTrip(posts)
    }

    @Test func inlineBodyHasMemberwiseInit() throws {
        let body = CreatePostBody(userID: 1, title: "Hello", body: "World")
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(body)) as? [String: Any]
        #expect(object?["userId"] as? Int == 1)
        #expect(object?["title"] as? String == "Hello")
    }
}

struct PokeAPITests {
    @Test func ditto() throws {
        let pokemon = try Payloads.decode(Pokemon.self, from: "pokeapi-pokemon-132-ditto.json")
        #expect(pokemon.name == "ditto")
        #expect(pokemon.abilities.map(\.ability.name) == ["limber", "imposter"])
        #expect(pokemon.sprites.other.officialArtwork.frontDefault?.lastPathComponent == "132.png")
        #expect(pokemon.sprites.frontFemale == nil)
        #expect(
            pokemon.sprites.versions["generation-i"]?["red-blue"]?["front_default"]?.stringValue?.hasSuffix("132.png")
                == true)
        #expect(pokemon.types[0].type.name == "normal")
        try expectRoundTrip(pokemon)

        let creature = try Creature(from: pokemon)
        #expect(creature.id == 132)
        #expect(creature.heightDecimetres == 3)
        #expect(creature.firstType == "normal")
        #expect(
            creature.abilities == [
                CreatureAbility(name: "limber", isHidden: false), CreatureAbility(name: "imposter", isHidden: true),
            ])
        #expect(CreatureAbility.from(pokemon) == creature.abilities)
    }
}

struct OpenMeteoTests {
    @Test func hourlyForecast() throws {
        let forecast = try Payloads.decode(Forecast.self, from: "open-meteo-forecast-hourly.json")
        #expect(forecast.utcOffsetSeconds == -14400)
        #expect(forecast.hourly.time.count == 24)
        #expect(forecast.hourly.time[1] == utc(2026, 10, 5, 1, 0))
        #expect(forecast.hourly.rainProbability.prefix(2) == [24, 3])
        #expect(forecast.hourlyUnits["rain_probability"] == "%")
        try expectRoundTrip(forecast)
        let encoded = String(decoding: try JSONEncoder().encode(forecast), as: UTF8.self)
        #expect(encoded.contains(#""2026-10-05T00:00""#), "dates encode back in their declared pattern")

        let outlook = try HourlyOutlook(from: forecast)
        #expect(
            outlook == HourlyOutlook(timeZone: "America/New_York", start: utc(2026, 10, 5), hours: 24, rainUnit: "%"))
    }
}

struct WeatherBureauTests {
    @Test func records() throws {
        let records = try Payloads.decode(
            Records.self, from: "cwb-envelope-success-result-records.json", key: "records")
        #expect(records.datasetDescription == "三十六小時天氣預報")
        let element = records.location[0].weatherElement[0]
        #expect(element.time[0].startTime == utc(2017, 3, 2, 6))
        #expect(records.location[0].weatherElement[1].time[0].parameter.parameterUnit == "百分比")
        try expectRoundTrip(records)

        let forecasts = try AreaForecast.from(records)
        #expect(
            forecasts == [
                AreaForecast(area: "宜蘭縣", firstElement: "Wx", from: utc(2017, 3, 2, 6), summary: "多雲", code: 2)
            ])
    }
}

struct StripeTests {
    @Test func customer() throws {
        let customer = try Payloads.decode(Customer.self, from: "stripe-customer.json")
        #expect(customer.created == Date(timeIntervalSince1970: 1613048414))
        #expect(customer.metadata == ["djstripe_subscriber": "31"])
        #expect(customer.taxExempt == .none)
        #expect(customer.address == nil)
        #expect(customer.taxIDs == [:])
        #expect(customer.sources.hasMore == false)
        #expect(customer.invoiceSettings.customFields == nil)
        try expectRoundTrip(customer)

        let account = BillingAccount(from: customer)
        #expect(
            account
                == BillingAccount(
                    id: "cus_IvVnXlYiO1LL26", email: nil, createdAt: Date(timeIntervalSince1970: 1613048414),
                    isDelinquent: false, subscriber: "31", currency: "usd"))
    }
}

struct PetStoreTests {
    @Test func findByStatus() throws {
        let pets = try Payloads.decode([Pet].self, from: "petstore-v2-findByStatus-available.json")
        #expect(pets.count == 30)
        #expect(pets[0].id == 9223372036854331000)
        #expect(pets[17].name == "doggie")
        #expect(pets.allSatisfy { $0.status == .available })
        try expectRoundTrip(pets)

        let animals = try Animal.from(pets)
        #expect(
            animals[17]
                == Animal(
                    id: 9222968140491042000, name: "doggie", category: "string", status: .available,
                    firstPhoto: "string"))
    }

    @Test func missingPhotoIsAMappingError() throws {
        let pet = Pet(id: 1, category: nil, name: "Rex", photoURLs: [], tags: [], status: .sold)
        #expect(
            throws: MappingError(
                model: "Animal", field: "firstPhoto", source: "photoUrls[0]",
                reason: "index 0 is out of range (the array has 0 elements)")
        ) {
            try Animal(from: pet)
        }
        let pending = Pet(
            id: 2, category: .init(id: 1, name: nil), name: "Tom", photoURLs: ["p"], status: .unknown("adopted"))
        #expect(throws: MappingError.self) { try Animal(from: pending) }
    }
}
