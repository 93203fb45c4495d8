package org.example.board;

import java.util.Collections;
import java.util.Set;
import java.util.TreeSet;

/** One card of the board. */
public class Task {
    private final int id;
    private final String title;
    private final Priority priority;
    private Status status = Status.TODO;
    private final Set<String> tags = new TreeSet<>();
    private int points;

    public Task(int id, String title, Priority priority, int points) {
        if (title == null || title.isBlank()) {
            throw new IllegalArgumentException("a task needs a title");
        }
        this.id = id;
        this.title = title.strip();
        this.priority = priority;
        this.points = points;
    }

    public int getId() {
        return id;
    }

    public String getTitle() {
        return title;
    }

    public Priority getPriority() {
        return priority;
    }

    public Status getStatus() {
        return status;
    }

    public int getPoints() {
        return points;
    }

    /** Moves the task one column right; returns the new status. */
    public Status advance() {
        status = status.next();
        return status;
    }

    public Task tag(String tag) {
        tags.add(tag.toLowerCase());
        return this;
    }

    public Set<String> getTags() {
        return Collections.unmodifiableSet(tags);
    }

    /** Ordering score: priority weight times points, done tasks last. */
    public int score() {
        return status == Status.DONE ? 0 : priority.weight() * Math.max(1, points);
    }
}
