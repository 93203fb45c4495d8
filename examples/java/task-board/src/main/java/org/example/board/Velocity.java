package org.example.board;

import java.util.List;

/** Story points finished on a board, and how many sprints the rest needs. */
public class Velocity {
    private final Board board;

    public Velocity(Board board) {
        this.board = board;
    }

    public int donePoints() {
        return sum(board.column(Status.DONE));
    }

    public int remainingPoints() {
        return sum(board.column(Status.TODO)) + sum(board.column(Status.DOING));
    }

    /** Sprints needed at {@code pointsPerSprint}, rounded up. */
    public int sprintsLeft(int pointsPerSprint) {
        if (pointsPerSprint <= 0) {
            throw new IllegalArgumentException("points per sprint must be positive");
        }
        return (remainingPoints() + pointsPerSprint - 1) / pointsPerSprint;
    }

    private static int sum(List<Task> tasks) {
        int total = 0;
        for (Task t : tasks) {
            total += t.getPoints();
        }
        return total;
    }
}
