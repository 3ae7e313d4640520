package io.typedjson.bench.report;

import java.util.List;

/** A command line a command cannot run: its message, then the pointer to the command's --help, and exit status 2. */
final class BadOption extends IllegalArgumentException {
    BadOption(String message) {
        super(message);
    }

    static String value(String[] args, int i) {
        if (i >= args.length) {
            throw new BadOption(args[i - 1] + " needs a value");
        }
        return args[i];
    }

    static int positive(String[] args, int i) {
        String v = value(args, i);
        try {
            int n = Integer.parseInt(v);
            if (n >= 1) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new BadOption(args[i - 1] + " needs a whole number of at least 1, not " + v);
    }

    static double seconds(String[] args, int i) {
        String v = value(args, i);
        try {
            double s = Double.parseDouble(v);
            if (s >= 0.001 && s <= 3600) {
                return s;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new BadOption(args[i - 1] + " needs a number of seconds from 0.001 to 3600, not " + v);
    }

    /** Each of {@code given} is one of {@code known}, a {@code what} ("data set") of the command. */
    static void known(String what, List<String> given, List<String> known) {
        for (String g : given) {
            if (!known.contains(g)) {
                throw new BadOption("unknown " + what + " '" + g + "'; the " + what + "s are " + String.join(", ", known));
            }
        }
    }
}
