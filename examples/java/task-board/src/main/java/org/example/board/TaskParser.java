package org.example.board;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads tasks from lines such as {@code "Fix login | high | 3 | bug,auth"}:
 * title, priority, story points, comma-separated tags (the last two optional).
 */
public class TaskParser {
    private int nextId;

    public TaskParser(int firstId) {
        this.nextId = firstId;
    }

    public Task parseLine(String line) {
        String[] parts = line.split("\\|");
        if (parts.length < 2) {
            throw new IllegalArgumentException("expected 'title | priority': " + line);
        }
        int points = parts.length > 2 && !parts[2].isBlank() ? Integer.parseInt(parts[2].trim()) : 1;
        Task task = new Task(nextId++, parts[0], Priority.parse(parts[1]), points);
        if (parts.length > 3) {
            for (String tag : parts[3].split(",")) {
                if (!tag.isBlank()) {
                    task.tag(tag.trim());
                }
            }
        }
        return task;
    }

    /** Every non-blank line that does not start with '#'. */
    public List<Task> parseAll(String text) {
        List<Task> out = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (!line.isBlank() && !line.strip().startsWith("#")) {
                out.add(parseLine(line));
            }
        }
        return out;
    }
}
