package org.example.board;

/** Where a task is on the board. */
public enum Status {
    TODO, DOING, DONE;

    /** The column after this one; DONE stays DONE. */
    public Status next() {
        return this == DONE ? DONE : values()[ordinal() + 1];
    }
}
