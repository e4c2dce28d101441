import GRDB

/// The history's schema, one migration per version. Never edit a migration that
/// has shipped: add the next one.
enum HistorySchema {
    /// The number of migrations: `PRAGMA user_version` of an up-to-date history.
    static let version = 3

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()

        // v1: snapshots of members, their scalar fields and their rows' numbers.
        migrator.registerMigration("v1") { db in
            try db.execute(sql: """
                CREATE TABLE snapshot (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    site TEXT NOT NULL,
                    member TEXT NOT NULL,
                    first_seen TEXT NOT NULL,   -- ISO 8601, UTC: when these values were first seen
                    last_seen TEXT NOT NULL     -- and when they were last seen unchanged
                );
                CREATE INDEX snapshot_by_member ON snapshot(site, member, first_seen);

                CREATE TABLE field_value (
                    snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
                    field TEXT NOT NULL,
                    type TEXT NOT NULL,         -- null, int, decimal, text, date
                    value TEXT,
                    PRIMARY KEY (snapshot_id, field)
                );

                CREATE TABLE row_value (
                    snapshot_id INTEGER NOT NULL REFERENCES snapshot(id) ON DELETE CASCADE,
                    collection TEXT NOT NULL,
                    row_key TEXT NOT NULL,      -- the row's URL, else its title
                    field TEXT NOT NULL,
                    type TEXT NOT NULL,
                    value TEXT,
                    PRIMARY KEY (snapshot_id, collection, row_key, field)
                );
                """)
        }

        // v2: members to refresh.
        migrator.registerMigration("v2") { db in
            try db.execute(sql: """
                CREATE TABLE tracked (
                    site TEXT NOT NULL,
                    member TEXT NOT NULL,
                    label TEXT,
                    added_at TEXT NOT NULL,
                    PRIMARY KEY (site, member)
                );
                """)
        }
        // v3: snapshots read from a web archive, named by their captures.
        migrator.registerMigration("v3") { db in
            try db.execute(sql: """
                ALTER TABLE snapshot ADD COLUMN archived TEXT;  -- e.g. 'articles@20140112101500 profile@20140110093000'; NULL: live
                CREATE INDEX snapshot_by_capture ON snapshot(site, member, archived);
                """)
        }
        return migrator
    }
}
