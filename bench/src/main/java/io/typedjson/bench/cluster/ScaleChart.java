package io.typedjson.bench.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import io.typedjson.bench.cluster.ClusterBench.Measurement;
import io.typedjson.bench.cluster.ScaleCommand.Cell;
import io.typedjson.bench.cluster.ScaleCommand.Point;

/**
 * The scale sweep of one codec as an SVG: a column per sweep (record size, partitions with threads, compression), a
 * row for records/s and one for MB/s, both on log axes. Solid lines are the codec (produce, consume), dashed lines
 * the same bytes with no serde ({@value ScaleCommand#BASELINE}): where solid meets dashed the broker is the limit,
 * where it stays below the serde is. A point whose records did not all come back exact is drawn as a red cross.
 */
final class ScaleChart {
    private static final int PANEL_W = 300;
    private static final int PANEL_H = 210;
    private static final int LEFT = 62;
    private static final int GAP = 28;
    private static final int TOP = 96;
    private static final int BOTTOM = 48;
    private static final String PRODUCE = "#1f77b4";
    private static final String CONSUME = "#d62728";

    private ScaleChart() {}

    static String svg(String codec, List<Point> points, Map<String, Map<String, Cell>> byConfig, int brokers) {
        Map<String, List<Point>> sweeps = new LinkedHashMap<>();
        for (Point p : points) {
            sweeps.computeIfAbsent(p.sweep(), k -> new ArrayList<>()).add(p);
        }
        int cols = sweeps.size();
        int width = LEFT + cols * (PANEL_W + GAP) + 10;
        int height = TOP + 2 * (PANEL_H + BOTTOM) + 10;
        StringBuilder svg = new StringBuilder();
        svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                + "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">%n", width, height, width, height));
        svg.append(String.format(Locale.ROOT, "<rect width=\"%d\" height=\"%d\" fill=\"white\"/>%n", width, height));
        svg.append(text(10, 22, "start", 15, codec + " through a " + brokers + "-broker Kafka cluster "
                + "(acks=all, replication factor " + BrokerConfig.replicationFactor(brokers) + ")"));
        svg.append(text(10, 42, "start", 11, "solid: " + codec + "; dashed: the same bytes with no serde ("
                + ScaleCommand.BASELINE + ", the broker's limit). Where solid meets dashed the broker limits; "
                + "below it, the serde."));
        legend(svg, 10, 60);
        int col = 0;
        for (Map.Entry<String, List<Point>> sweep : sweeps.entrySet()) {
            int x0 = LEFT + col * (PANEL_W + GAP);
            panel(svg, sweep.getKey(), "records/s", sweep.getValue(), codec, byConfig,
                    Measurement::produceRecordsPerSecond, Measurement::consumeRecordsPerSecond, x0, TOP);
            panel(svg, sweep.getKey(), "MB/s", sweep.getValue(), codec, byConfig,
                    Measurement::produceMegabytesPerSecond, Measurement::consumeMegabytesPerSecond, x0,
                    TOP + PANEL_H + BOTTOM);
            col++;
        }
        svg.append("</svg>\n");
        return svg.toString();
    }

    private static void legend(StringBuilder svg, int x, int y) {
        String[][] items = {{PRODUCE, "", "produce"}, {CONSUME, "", "consume"},
                {PRODUCE, "5,4", "produce, no serde"}, {CONSUME, "5,4", "consume, no serde"}};
        int dx = x;
        for (String[] it : items) {
            svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"%s\" "
                    + "stroke-width=\"2\"%s/>%n", dx, y, dx + 24, y, it[0],
                    it[1].isEmpty() ? "" : " stroke-dasharray=\"" + it[1] + "\""));
            svg.append(text(dx + 30, y + 4, "start", 11, it[2]));
            dx += 44 + (int) (it[2].length() * 6.5) + 16;
        }
    }

    private static void panel(StringBuilder svg, String sweep, String unit, List<Point> points, String codec,
                              Map<String, Map<String, Cell>> byConfig, ToDoubleFunction<Measurement> produce,
                              ToDoubleFunction<Measurement> consume, int x0, int y0) {
        List<double[]> series = new ArrayList<>(); // produce, consume, baseline produce, baseline consume
        for (int s = 0; s < 4; s++) {
            series.add(new double[points.size()]);
        }
        boolean[] inexact = new boolean[points.size()];
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int i = 0; i < points.size(); i++) {
            Map<String, Cell> cells = byConfig.get(points.get(i).config());
            Cell c = cells.get(codec);
            Cell b = cells.get(ScaleCommand.BASELINE);
            series.get(0)[i] = ScaleCommand.median(c.runs(), produce);
            series.get(1)[i] = ScaleCommand.median(c.runs(), consume);
            series.get(2)[i] = ScaleCommand.median(b.runs(), produce);
            series.get(3)[i] = ScaleCommand.median(b.runs(), consume);
            inexact[i] = !c.runs().stream().allMatch(m -> m.verdict().isExact());
            for (double[] s : series) {
                if (s[i] > 0 && Double.isFinite(s[i])) {
                    min = Math.min(min, s[i]);
                    max = Math.max(max, s[i]);
                }
            }
        }
        if (max == 0) {
            min = 1;
            max = 10;
        }
        double lo = Math.pow(10, Math.floor(Math.log10(min)));
        double hi = Math.pow(10, Math.ceil(Math.log10(max)));
        if (hi <= lo) {
            hi = lo * 10;
        }
        svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
                + "stroke=\"#999\"/>%n", x0, y0, PANEL_W, PANEL_H));
        svg.append(text(x0 + PANEL_W / 2.0, y0 - 6, "middle", 12, sweep + ": " + unit));
        // y grid at 1, 2, 5 x 10^n
        for (double decade = lo; decade <= hi * 1.0001; decade *= 10) {
            for (int m : new int[] {1, 2, 5}) {
                double v = decade * m;
                if (v < lo * 0.999 || v > hi * 1.001) {
                    continue;
                }
                double y = yOf(v, lo, hi, y0);
                svg.append(String.format(Locale.ROOT, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" "
                        + "stroke=\"%s\"/>%n", x0, y, x0 + PANEL_W, y, m == 1 ? "#ccc" : "#eee"));
                if (m == 1 || hi / lo <= 1000) { // over more than three decades only the powers of ten
                    svg.append(text(x0 - 4, y + 4, "end", 10, compact(v)));
                }
            }
        }
        int n = points.size();
        for (int i = 0; i < n; i++) {
            double x = xOf(i, n, x0);
            svg.append(text(x, y0 + PANEL_H + 16, "middle", 11, points.get(i).label()));
        }
        String[] colors = {PRODUCE, CONSUME, PRODUCE, CONSUME};
        for (int s = 0; s < 4; s++) {
            StringBuilder path = new StringBuilder();
            for (int i = 0; i < n; i++) {
                double v = series.get(s)[i];
                if (!(v > 0) || !Double.isFinite(v)) {
                    continue;
                }
                path.append(path.length() == 0 ? "M" : " L").append(String.format(Locale.ROOT, "%.1f %.1f",
                        xOf(i, n, x0), yOf(v, lo, hi, y0)));
            }
            svg.append(String.format(Locale.ROOT, "<path d=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s/>%n",
                    path, colors[s], s < 2 ? "2" : "1.5", s < 2 ? "" : " stroke-dasharray=\"5,4\" opacity=\"0.8\""));
            if (s < 2) {
                for (int i = 0; i < n; i++) {
                    double v = series.get(s)[i];
                    if (v > 0 && Double.isFinite(v)) {
                        double x = xOf(i, n, x0);
                        double y = yOf(v, lo, hi, y0);
                        svg.append(inexact[i]
                                ? String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
                                        + "font-size=\"14\" fill=\"red\">✗</text>%n", x, y + 5)
                                : String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>%n",
                                        x, y, colors[s]));
                    }
                }
            }
        }
    }

    private static double xOf(int i, int n, int x0) {
        return x0 + PANEL_W * (i + 0.5) / n;
    }

    private static double yOf(double v, double lo, double hi, int y0) {
        double f = (Math.log10(v) - Math.log10(lo)) / (Math.log10(hi) - Math.log10(lo));
        return y0 + PANEL_H - f * PANEL_H;
    }

    private static String compact(double v) {
        if (v >= 1e6) {
            return trim(v / 1e6) + "M";
        }
        if (v >= 1e3) {
            return trim(v / 1e3) + "k";
        }
        return trim(v);
    }

    private static String trim(double v) {
        if (v == Math.rint(v)) {
            return Long.toString((long) v);
        }
        // grid values are 1, 2 or 5 times a power of ten: one significant digit says them exactly
        return new java.math.BigDecimal(v).round(new java.math.MathContext(1)).stripTrailingZeros().toPlainString();
    }

    private static String text(double x, double y, String anchor, int size, String s) {
        String escaped = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
        return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\" font-size=\"%d\">%s</text>%n",
                x, y, anchor, size, escaped);
    }
}
