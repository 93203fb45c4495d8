/*
 * The smallest JSON reader/writer our Java helpers need: CrossfileJavac's protocol
 * (lang/java/CrossfileJavac.java) and the records of the class-level split's JUnit runner
 * (sandbox/suites/CrossfileJUnit.java, CrossfileCoverage.java). Compiled together with each.
 */
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The smallest JSON reader/writer the protocol needs (objects, arrays, strings, numbers, literals). */
final class CrossfileJson {
    private final String s;
    private int i;

    private CrossfileJson(String s) {
        this.s = s;
    }

    static Object parse(String text) {
        CrossfileJson p = new CrossfileJson(text);
        Object value = p.value();
        p.space();
        if (p.i != p.s.length()) {
            throw new IllegalArgumentException("trailing characters at " + p.i);
        }
        return value;
    }

    private void space() {
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
    }

    private char next() {
        if (i >= s.length()) {
            throw new IllegalArgumentException("unexpected end of JSON");
        }
        return s.charAt(i++);
    }

    private void expect(char c) {
        space();
        if (next() != c) {
            throw new IllegalArgumentException("expected '" + c + "' at " + (i - 1));
        }
    }

    private Object value() {
        space();
        char c = s.charAt(i);
        if (c == '{') {
            Map<String, Object> map = new LinkedHashMap<>();
            i++;
            space();
            if (s.charAt(i) == '}') {
                i++;
                return map;
            }
            while (true) {
                space();
                String key = string();
                expect(':');
                map.put(key, value());
                space();
                char d = next();
                if (d == '}') {
                    return map;
                }
                if (d != ',') {
                    throw new IllegalArgumentException("expected ',' or '}' at " + (i - 1));
                }
            }
        }
        if (c == '[') {
            List<Object> list = new ArrayList<>();
            i++;
            space();
            if (s.charAt(i) == ']') {
                i++;
                return list;
            }
            while (true) {
                list.add(value());
                space();
                char d = next();
                if (d == ']') {
                    return list;
                }
                if (d != ',') {
                    throw new IllegalArgumentException("expected ',' or ']' at " + (i - 1));
                }
            }
        }
        if (c == '"') {
            return string();
        }
        if (s.startsWith("true", i)) {
            i += 4;
            return Boolean.TRUE;
        }
        if (s.startsWith("false", i)) {
            i += 5;
            return Boolean.FALSE;
        }
        if (s.startsWith("null", i)) {
            i += 4;
            return null;
        }
        int begin = i;
        while (i < s.length() && "+-0123456789.eE".indexOf(s.charAt(i)) >= 0) {
            i++;
        }
        if (begin == i) {
            throw new IllegalArgumentException("unexpected character at " + i);
        }
        String number = s.substring(begin, i);
        if (number.contains(".") || number.contains("e") || number.contains("E")) {
            return Double.parseDouble(number);
        }
        return Long.parseLong(number);
    }

    private String string() {
        if (next() != '"') {
            throw new IllegalArgumentException("expected a string at " + (i - 1));
        }
        StringBuilder b = new StringBuilder();
        while (true) {
            char c = next();
            if (c == '"') {
                return b.toString();
            }
            if (c != '\\') {
                b.append(c);
                continue;
            }
            char e = next();
            switch (e) {
                case 'n': b.append('\n'); break;
                case 't': b.append('\t'); break;
                case 'r': b.append('\r'); break;
                case 'b': b.append('\b'); break;
                case 'f': b.append('\f'); break;
                case 'u':
                    b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                    i += 4;
                    break;
                default: b.append(e); // '"', '\\', '/'
            }
        }
    }

    @SuppressWarnings("unchecked")
    static String write(Object value) {
        StringBuilder b = new StringBuilder();
        write(value, b);
        return b.toString();
    }

    @SuppressWarnings("unchecked")
    private static void write(Object value, StringBuilder b) {
        if (value == null) {
            b.append("null");
        } else if (value instanceof String) {
            quote((String) value, b);
        } else if (value instanceof Map) {
            b.append('{');
            boolean first = true;
            for (Map.Entry<String, Object> e : ((Map<String, Object>) value).entrySet()) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                quote(e.getKey(), b);
                b.append(':');
                write(e.getValue(), b);
            }
            b.append('}');
        } else if (value instanceof List) {
            b.append('[');
            boolean first = true;
            for (Object o : (List<Object>) value) {
                if (!first) {
                    b.append(',');
                }
                first = false;
                write(o, b);
            }
            b.append(']');
        } else {
            b.append(value); // Boolean, Long, Integer
        }
    }

    private static void quote(String text, StringBuilder b) {
        b.append('"');
        for (int k = 0; k < text.length(); k++) {
            char c = text.charAt(k);
            switch (c) {
                case '"': b.append("\\\""); break;
                case '\\': b.append("\\\\"); break;
                case '\n': b.append("\\n"); break;
                case '\r': b.append("\\r"); break;
                case '\t': b.append("\\t"); break;
                default:
                    if (c < 0x20 || c == 0x2028 || c == 0x2029) {
                        b.append(String.format("\\u%04x", (int) c));
                    } else {
                        b.append(c); // lone surrogates pass through; the reader decodes with errors="replace"
                    }
            }
        }
        b.append('"');
    }
}
