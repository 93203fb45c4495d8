package ledger.io;

import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;

/** Date and column formats shared by the loader and the report printer. */
public final class Formats {
    public static final DateTimeFormatter DAY = DateTimeFormatter.ofPattern("yyyy-MM-dd");
    public static final int CODE_WIDTH = 6;
    public static final int NAME_WIDTH = 30;
    public static final int AMOUNT_WIDTH = 14;

    private Formats() {
    }

    public static LocalDate parseDay(String text, int lineNumber) {
        try {
            return LocalDate.parse(text.trim(), DAY);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("line " + lineNumber + ": bad date '" + text + "'", e);
        }
    }

    public static String left(String text, int width) {
        return text.length() >= width ? text.substring(0, width) : text + " ".repeat(width - text.length());
    }

    public static String right(String text, int width) {
        return text.length() >= width ? text : " ".repeat(width - text.length()) + text;
    }

    public static String indent(int depth) {
        return "  ".repeat(depth);
    }

    public static String rule(int width) {
        return "-".repeat(width);
    }
}
