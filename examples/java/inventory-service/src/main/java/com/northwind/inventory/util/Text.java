package com.northwind.inventory.util;

import java.util.List;

/** Fixed-width text helpers for the console reports. */
public final class Text {
    public static final int NAME_WIDTH = 24;

    private Text() {
    }

    public static String padRight(String text, int width) {
        if (text.length() >= width) {
            return text.substring(0, width);
        }
        return text + " ".repeat(width - text.length());
    }

    public static String padLeft(String text, int width) {
        if (text.length() >= width) {
            return text;
        }
        return " ".repeat(width - text.length()) + text;
    }

    public static String table(List<String[]> rows, int... widths) {
        StringBuilder out = new StringBuilder();
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                int width = i < widths.length ? widths[i] : NAME_WIDTH;
                out.append(i == row.length - 1 ? padLeft(row[i], width) : padRight(row[i], width));
                out.append(i == row.length - 1 ? "\n" : " ");
            }
        }
        return out.toString();
    }

    public static String plural(int count, String noun) {
        return count + " " + (count == 1 ? noun : noun + "s");
    }
}
