import Packs
import Report

/// `cpvanity patterns schema`: the JSON Schema of a pack's member records, made from the pack.
public enum SchemaRun {
    public static func write(_ pack: SitePack) throws(AppError) {
        try Output.write(RecordSchema.value(pack).serialized(pretty: true) + "\n")
    }
}
