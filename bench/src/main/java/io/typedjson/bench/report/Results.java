package io.typedjson.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Everything one report run measured, with look-ups by data set and codec. */
public record Results(List<SizeReport.Row> sizes, List<Timing> timings, List<Timing> shapeTimings,
                      List<SizeReport.EdgeRow> edges, List<Interleaved.Measured> speed) {
    /** The codec every ratio is taken against: Jackson databind on the Java record, and protobuf. */
    public static final String JACKSON = "jackson-record";
    public static final String PROTOBUF = "protobuf";

    /** Results without interleaved speed ratios. */
    public Results(List<SizeReport.Row> sizes, List<Timing> timings, List<Timing> shapeTimings,
                   List<SizeReport.EdgeRow> edges) {
        this(sizes, timings, shapeTimings, edges, List.of());
    }

    public List<String> datasets() {
        Set<String> names = new LinkedHashSet<>();
        sizes.forEach(r -> names.add(r.dataset()));
        timings.forEach(t -> names.add(t.subject()));
        return new ArrayList<>(names);
    }

    /** Codecs measured on the data set, in the order of Codecs.forReport. */
    public List<String> codecs(String dataset) {
        Set<String> names = new LinkedHashSet<>();
        sizes.stream().filter(r -> r.dataset().equals(dataset)).forEach(r -> names.add(r.codec()));
        timings.stream().filter(t -> t.subject().equals(dataset)).forEach(t -> names.add(t.codec()));
        return new ArrayList<>(names);
    }

    public Optional<SizeReport.Row> size(String dataset, String codec) {
        return sizes.stream().filter(r -> r.dataset().equals(dataset) && r.codec().equals(codec)).findFirst();
    }

    public Optional<Timing> timing(String dataset, String codec, String op) {
        return timings.stream().filter(t -> t.subject().equals(dataset) && t.codec().equals(codec) && t.op().equals(op))
                .findFirst();
    }

    /** serialize + deserialize ns, or NaN when either was not measured. */
    public double roundTripNs(String dataset, String codec) {
        Optional<Timing> s = timing(dataset, codec, "serialize");
        Optional<Timing> d = timing(dataset, codec, "deserialize");
        return s.isPresent() && d.isPresent() ? s.get().ns() + d.get().ns() : Double.NaN;
    }

    /** The typedjson codecs present in this run. */
    public List<String> typedjsonCodecs() {
        Set<String> names = new LinkedHashSet<>();
        sizes.forEach(r -> names.add(r.codec()));
        timings.forEach(t -> names.add(t.codec()));
        return names.stream().filter(n -> n.startsWith("typedjson")).toList();
    }
}
