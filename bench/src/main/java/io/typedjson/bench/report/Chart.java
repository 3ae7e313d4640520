package io.typedjson.bench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A hand-written SVG: one panel per data set, bytes per record across, serialize + deserialize ns up (both log);
 * exact codecs as filled dots, inexact ones as hollow rings. Lower left is better.
 */
final class Chart {
    private static final int PANEL_W = 460;
    private static final int PANEL_H = 320;
    private static final int LEFT = 70;
    private static final int RIGHT = 130;
    private static final int TOP = 40;
    private static final int BOTTOM = 45;

    private record Point(String codec, int number, double bytes, double ns, boolean exact) {}

    private Chart() {}

    static String svg(Results r) {
        List<String> codecs = allCodecs(r);
        List<String> datasets = r.datasets().stream().filter(d -> !points(r, d, codecs).isEmpty()).toList();
        int cols = Math.min(2, Math.max(1, datasets.size()));
        int rows = (datasets.size() + cols - 1) / cols;
        int width = cols * PANEL_W;
        int legendRows = (codecs.size() + 2) / 3;
        int height = rows * PANEL_H + 40 + legendRows * 16;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" font-size=\"11\">\n", width, height, width, height));
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
        svg.append(text(10, 18, "start", 13, "bytes per record (x) against serialize + deserialize ns per record (y), "
                + "both log; filled: exact, hollow: not exact; lower left is better"));
        for (int i = 0; i < datasets.size(); i++) {
            panel(svg, datasets.get(i), points(r, datasets.get(i), codecs), (i % cols) * PANEL_W, 30 + (i / cols) * PANEL_H);
        }
        int legendTop = 30 + rows * PANEL_H + 10;
        for (int i = 0; i < codecs.size(); i++) {
            double x = 20 + (i % 3) * (width - 40) / 3.0;
            double y = legendTop + (i / 3) * 16;
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>\n", x, y - 4, color(codecs.get(i))));
            svg.append(text(x + 8, y, "start", 11, (i + 1) + "  " + codecs.get(i)));
        }
        return svg.append("</svg>\n").toString();
    }

    private static List<String> allCodecs(Results r) {
        List<String> all = new ArrayList<>();
        for (String dataset : r.datasets()) {
            r.codecs(dataset).stream().filter(c -> !all.contains(c)).forEach(all::add);
        }
        return all;
    }

    private static List<Point> points(Results r, String dataset, List<String> codecs) {
        List<Point> points = new ArrayList<>();
        for (String codec : r.codecs(dataset)) {
            Optional<SizeReport.Row> s = r.size(dataset, codec);
            double ns = r.roundTripNs(dataset, codec);
            if (s.isPresent() && s.get().carried() && !Double.isNaN(ns)) {
                points.add(new Point(codec, codecs.indexOf(codec) + 1, s.get().bytesPerRecord(), ns, s.get().exact()));
            }
        }
        return points;
    }

    private static String color(String codec) {
        return codec.startsWith("typedjson") ? "#1a9850" : codec.equals("protobuf") || codec.equals("avro") ? "#d95f02" : "#3366cc";
    }

    private static void panel(StringBuilder svg, String dataset, List<Point> points, int x0, int y0) {
        LogAxis xs = LogAxis.of(points.stream().mapToDouble(Point::bytes).toArray());
        LogAxis ys = LogAxis.of(points.stream().mapToDouble(Point::ns).toArray());
        int plotW = PANEL_W - LEFT - RIGHT;
        int plotH = PANEL_H - TOP - BOTTOM;
        int px = x0 + LEFT;
        int py = y0 + TOP;
        svg.append(text(px, y0 + 22, "start", 13, dataset));
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#888\"/>\n",
                px, py, plotW, plotH));
        for (double t : xs.ticks()) {
            double fx = px + plotW * xs.at(t);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#eee\"/>\n", fx, py, fx, py + plotH));
            svg.append(text(fx, py + plotH + 14, "middle", 10, compact(t)));
        }
        for (double t : ys.ticks()) {
            double fy = py + plotH - plotH * ys.at(t);
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#eee\"/>\n", px, fy, px + plotW, fy));
            svg.append(text(px - 5, fy + 4, "end", 10, compact(t)));
        }
        svg.append(text(px + plotW / 2.0, py + plotH + 32, "middle", 11, "bytes per record (log)"));
        svg.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"11\" "
                + "transform=\"rotate(-90 %d %.1f)\">ser + de ns (log)</text>\n", x0 + 14, py + plotH / 2.0, x0 + 14, py + plotH / 2.0));
        List<double[]> labels = new ArrayList<>();
        for (Point p : points) {
            double cx = px + plotW * xs.at(p.bytes());
            double cy = py + plotH - plotH * ys.at(p.ns());
            String color = color(p.codec());
            svg.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n",
                    cx, cy, p.exact() ? color : "white", color));
            double ly = freeLabelY(labels, cx + 7, cy + 4);
            labels.add(new double[] {cx + 7, ly});
            if (Math.abs(ly - cy - 4) > 6) {
                svg.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#aaa\"/>\n",
                        cx + 4, cy, cx + 7, ly - 4));
            }
            svg.append(text(cx + 8, ly, "start", 10, Integer.toString(p.number())));
        }
    }

    /** A base-10 logarithmic axis from the decade below the smallest value to the decade above the largest. */
    private record LogAxis(double min, double max) {
        static LogAxis of(double[] values) {
            double lo = java.util.Arrays.stream(values).min().orElse(1);
            double hi = java.util.Arrays.stream(values).max().orElse(10);
            double min = Math.pow(10, Math.floor(Math.log10(lo)));
            double max = Math.pow(10, Math.ceil(Math.log10(hi)));
            return new LogAxis(min, max > min ? max : min * 10);
        }

        double at(double v) {
            return (Math.log10(v) - Math.log10(min)) / (Math.log10(max) - Math.log10(min));
        }

        /** 1, 2 and 5 times each decade, or only the decades when there are many. */
        List<Double> ticks() {
            boolean many = Math.log10(max / min) > 2;
            List<Double> ticks = new ArrayList<>();
            for (double d = min; d <= max * 1.001; d *= 10) {
                for (double m : many ? new double[] {1} : new double[] {1, 2, 5}) {
                    if (d * m <= max * 1.001) {
                        ticks.add(d * m);
                    }
                }
            }
            return ticks;
        }
    }

    /** Moves a label up or down until it does not overlap one already placed near it. */
    private static double freeLabelY(List<double[]> placed, double x, double y) {
        for (int step = 0; ; step++) {
            double candidate = y + (step % 2 == 0 ? 1 : -1) * ((step + 1) / 2) * 12;
            boolean clear = placed.stream().noneMatch(l -> Math.abs(l[0] - x) < 14 && Math.abs(l[1] - candidate) < 11);
            if (clear) {
                return candidate;
            }
        }
    }

    /** 500, 2k, 1M: tick labels short enough not to run into each other. */
    private static String compact(double v) {
        if (v >= 1e6) {
            return String.format(Locale.ROOT, "%.0fM", v / 1e6);
        }
        return v >= 1e3 ? String.format(Locale.ROOT, "%.0fk", v / 1e3) : String.format(Locale.ROOT, "%.0f", v);
    }

    private static String text(double x, double y, String anchor, int size, String s) {
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>\n",
                x, y, anchor, size, s.replace("&", "&amp;").replace("<", "&lt;"));
    }
}
