package org.example.board;

/** How urgent a task is; higher weight first. */
public enum Priority {
    LOW(1), NORMAL(2), HIGH(3), URGENT(5);

    private final int weight;

    Priority(int weight) {
        this.weight = weight;
    }

    public int weight() {
        return weight;
    }

    /** "high", "H" or "3" -> HIGH. */
    public static Priority parse(String text) {
        String t = text.trim().toUpperCase();
        for (Priority p : values()) {
            if (p.name().equals(t) || p.name().substring(0, 1).equals(t) || String.valueOf(p.weight).equals(t)) {
                return p;
            }
        }
        throw new IllegalArgumentException("unknown priority: " + text);
    }
}
