import Packs
import PageText
import Testing

/// A day with its clock time, as forums write "Last post" and "Joined", kept to the
/// minute (or the second) the page writes, with a zone only where it names one.
@Suite struct DayAndTimeTests {
    @Test func theWaysPagesWriteADayAndItsTime() {
        #expect(DayAndTime.iso("Feb 17, 2009 02:05") == "2009-02-17T02:05")
        #expect(DayAndTime.iso("Jan  1, 2013 11:44") == "2013-01-01T11:44")
        #expect(DayAndTime.iso("Sat Mar 08, 2014 9:12 pm") == "2014-03-08T21:12")
        #expect(DayAndTime.iso("Mon Feb 16, 2009 12:30 a.m.") == "2009-02-16T00:30")
        #expect(DayAndTime.iso("17 February 2009 at 14:05") == "2009-02-17T14:05")
        #expect(DayAndTime.iso("02:05, 17 February 2009") == "2009-02-17T02:05")
        #expect(DayAndTime.iso("12 Mar 2012 3:45PM") == "2012-03-12T15:45")
        #expect(DayAndTime.iso("2011-12-03 20:07:05") == "2011-12-03T20:07:05")
        #expect(DayAndTime.iso("2011-12-03 20:07:05 UTC") == "2011-12-03T20:07:05Z")
        #expect(DayAndTime.iso("2014-08-21T01:36:17Z") == "2014-08-21T01:36:17Z")
        #expect(DayAndTime.iso("2014-08-21T01:36:17.250+0200") == "2014-08-21T01:36:17.250+02:00")
        #expect(DayAndTime.iso("Mar\u{00A0}12,\u{00A0}2012 18:05 -05:00") == "2012-03-12T18:05-05:00")
    }

    /// Not a day and a time: nothing is guessed, neither the day of "Today 10:32" nor the
    /// zone "EST" names (it stands for other offsets elsewhere), nor a clock past 23:59.
    @Test func whatIsNotADayAndItsTimeIsNil() {
        for text in ["", "Feb 17, 2009", "10:32", "Today 10:32 AM", "Feb 17, 2009 25:00", "Feb 17, 2009 13:00 pm",
                     "Feb 17, 2009 02:61", "Feb 30, 2009 02:05", "Feb 17, 2009 02:05 EST", "Joined Feb 17, 2009 02:05",
                     "Feb 17, 2009 02:05 (edited)", "1160418092 02:05", "Feb 17, 2009 2:5", "Feb 17, 2009 99999999999999999999:00",
                     "2014-08-21T01:36:17+99:00", "2014-08-21T01:36:1x"] {
            #expect(DayAndTime.iso(text) == nil, "\(text)")
        }
    }

    @Test func theDatetimeTypeReadsACaptureAsTheDayAndTimeItWrites() {
        #expect(FieldType.datetime.convert("Jan&nbsp; 1, 2013 11:44\n\t\t", base: "") == .success(.text("2013-01-01T11:44")))
        #expect(FieldType.datetime.kind.value(ofSetting: .string("Feb 17, 2009 02:05")) == .text("2009-02-17T02:05"))
        guard case .failure(let error) = FieldType.datetime.convert("yesterday", base: "") else {
            Issue.record("yesterday is no day and time")
            return
        }
        #expect(error.raw == "yesterday")
    }
}
