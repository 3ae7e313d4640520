package io.typedjson.serde.internal;

import java.util.Iterator;
import java.util.LinkedHashSet;
import org.slf4j.Logger;

/**
 * Logs each distinct problem once: a key names the problem (a fingerprint, a record's offset, an outage), and a
 * problem already logged is not logged again until it is {@linkplain #forget forgotten} (it went away). So a stream
 * of records that meet the same problem logs one line, never one per record. At most {@value #MAX_KEYS} keys are
 * kept; the oldest is forgotten first.
 */
public final class OnceLog {
    static final int MAX_KEYS = 1000;

    private final Logger log;
    private final LinkedHashSet<String> logged = new LinkedHashSet<>();

    public OnceLog(Logger log) {
        this.log = log;
    }

    /** Through SLF4J's logger named after {@code type} (callers in other modules need not read org.slf4j). */
    public static OnceLog of(Class<?> type) {
        return new OnceLog(org.slf4j.LoggerFactory.getLogger(type));
    }

    /** Logs a warning ({@code format} as SLF4J's, {@code {}} placeholders) unless problem {@code key} was logged. */
    public void warn(String key, String format, Object... args) {
        if (first(key)) {
            log.warn(format, args);
        }
    }

    /** The problem went away: the next time it comes, it is logged again; {@code info} says so once, if not null. */
    public void forget(String key, String info, Object... args) {
        boolean was;
        synchronized (logged) {
            was = logged.remove(key);
        }
        if (was && info != null) {
            log.info(info, args);
        }
    }

    private boolean first(String key) {
        synchronized (logged) {
            if (!logged.add(key)) {
                return false;
            }
            if (logged.size() > MAX_KEYS) {
                Iterator<String> eldest = logged.iterator();
                eldest.next();
                eldest.remove();
            }
            return true;
        }
    }
}
