package ledger.io;

import java.util.ArrayList;
import java.util.List;

/**
 * Splits one CSV line into fields: commas separate, double quotes protect commas, and a
 * doubled quote inside quotes stands for one quote character.
 */
final class CsvLine {
    private final List<String> fields;
    private final int number;

    private CsvLine(List<String> fields, int number) {
        this.fields = fields;
        this.number = number;
    }

    static CsvLine parse(String line, int number) {
        List<String> fields = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted && c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                current.append('"');
                i++;
            } else if (c == '"') {
                quoted = !quoted;
            } else if (c == ',' && !quoted) {
                fields.add(current.toString().trim());
                current.setLength(0);
            } else {
                current.append(c);
            }
        }
        fields.add(current.toString().trim());
        return new CsvLine(fields, number);
    }

    String field(int index) {
        if (index >= fields.size()) {
            throw new IllegalArgumentException("line " + number + ": missing field " + (index + 1));
        }
        return fields.get(index);
    }

    String optional(int index) {
        return index < fields.size() && !fields.get(index).isEmpty() ? fields.get(index) : null;
    }

    int size() {
        return fields.size();
    }

    int number() {
        return number;
    }

    boolean isRecord(String kind) {
        return !fields.isEmpty() && fields.get(0).equalsIgnoreCase(kind);
    }
}
