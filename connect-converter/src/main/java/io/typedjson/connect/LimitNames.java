package io.typedjson.connect;

import io.typedjson.serde.TypedJsonConfig;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * jackson-core reports a limit by its own setting ({@code from `StreamReadConstraints.getMaxNestingDepth()`}), which
 * a Connect user cannot set; they set the {@code typedjson.*} property that the format maps onto it. This puts the
 * property in the message instead. (The format layer may one day say it itself: then there is nothing to replace.)
 */
final class LimitNames {
    private LimitNames() {}

    private static final Pattern JACKSON_SETTING =
            Pattern.compile("\\((\\d+), from `Stream(?:Read|Write)Constraints\\.getMax(\\w+)\\(\\)`\\)");

    private static final Map<String, String> PROPERTIES = Map.of(
            "NestingDepth", TypedJsonConfig.MAX_DEPTH,
            "NumberLength", TypedJsonConfig.MAX_NUMBER_LENGTH,
            "StringLength", TypedJsonConfig.MAX_STRING_LENGTH,
            "NameLength", TypedJsonConfig.MAX_STRING_LENGTH,
            "DocumentLength", TypedJsonConfig.MAX_DOCUMENT_BYTES);

    private static final Pattern DOCUMENT_SIZE = Pattern.compile("(document of \\d+ bytes exceeds the limit of \\d+ bytes)(?! \\()");

    static String withProperties(String message) {
        if (message == null) {
            return null;
        }
        Matcher m = JACKSON_SETTING.matcher(message);
        StringBuilder sb = new StringBuilder();
        while (m.find()) {
            String property = PROPERTIES.get(m.group(2));
            m.appendReplacement(sb, Matcher.quoteReplacement(property == null ? "(" + m.group(1) + ")"
                    : "(" + m.group(1) + "; raise " + property + " to allow more)"));
        }
        m.appendTail(sb);
        Matcher d = DOCUMENT_SIZE.matcher(sb);
        return d.find() ? d.replaceFirst("$1 (raise " + TypedJsonConfig.MAX_DOCUMENT_BYTES + " to allow larger documents)") : sb.toString();
    }
}
