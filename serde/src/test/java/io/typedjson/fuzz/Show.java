package io.typedjson.fuzz;

import java.util.Base64;

/**
 * Inputs in failure messages: escaped text to read, and base64 to reproduce (and to report, CONTRIBUTING.md).
 * Shared with the connect-converter's fuzz tests through serde's test jar.
 */
public final class Show {
    private Show() {}

    public static String bytes(byte[] d) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < Math.min(d.length, 600); i++) {
            int b = d[i] & 0xff;
            if (b == '"' || b == '\\') {
                sb.append('\\').append((char) b);
            } else if (b >= 0x20 && b < 0x7f) {
                sb.append((char) b);
            } else {
                sb.append(String.format("\\x%02X", b));
            }
        }
        sb.append(d.length > 600 ? "\"... (" + d.length + " bytes)" : "\"");
        return sb.append(" (base64 ").append(d.length > 600 ? "of the first 600 bytes " : "")
                .append(Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(d, Math.min(d.length, 600)))).append(')').toString();
    }
}
