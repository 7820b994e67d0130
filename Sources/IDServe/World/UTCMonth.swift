/// The UTC year and month of a moment, by arithmetic on the proleptic Gregorian calendar: an
/// update asks for it under the session's lock, where Foundation's calendar costs microseconds.
enum UTCMonth {
    /// - Parameter secondsSince1970: any finite time; before 1970 works too.
    static func of(secondsSince1970 seconds: Double) -> (year: Int, month: Int) {
        let days = Int((seconds / 86_400).rounded(.down))
        // Count from 0000-03-01, so the leap day ends a year instead of sitting inside one, in
        // 400-year cycles of 146,097 days, which repeat exactly.
        let fromMarch = days + 719_468
        let cycle = (fromMarch >= 0 ? fromMarch : fromMarch - 146_096) / 146_097
        let dayOfCycle = fromMarch - cycle * 146_097                                   // 0...146096
        let yearOfCycle = (dayOfCycle - dayOfCycle / 1_460 + dayOfCycle / 36_524 - dayOfCycle / 146_096) / 365
        let dayOfYear = dayOfCycle - (365 * yearOfCycle + yearOfCycle / 4 - yearOfCycle / 100)  // 0 is March 1
        let monthFromMarch = (5 * dayOfYear + 2) / 153                                  // 0 is March, 11 February
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfCycle + cycle * 400 + (month <= 2 ? 1 : 0), month)
    }
}
