package org.example.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class BoardTest {
    private Board board;

    @BeforeEach
    void fill() {
        board = new Board(1);
        board.add(new Task(1, "low", Priority.LOW, 5));
        board.add(new Task(2, "high", Priority.HIGH, 2));
        board.add(new Task(3, "normal", Priority.NORMAL, 3));
    }

    @Test
    void startRespectsTheWipLimit() {
        assertTrue(board.start(2));
        assertFalse(board.start(1));
        assertEquals(List.of(board.find(2).get()), board.column(Status.DOING));
        assertTrue(board.start(2));
        assertTrue(board.start(1));
    }

    @Test
    void backlogIsOrderedByScore() {
        assertEquals(List.of(2, 3, 1), board.backlog().stream().map(Task::getId).toList());
        assertEquals(3, board.counts().get(Status.TODO));
    }

    @Test
    void refusesDuplicateIds() {
        assertThrows(IllegalStateException.class, () -> board.add(new Task(1, "again", Priority.LOW, 1)));
    }

    @Test
    void velocityCountsDoneAndRemainingPoints() {
        board.start(2);
        board.start(2);
        Velocity v = new Velocity(board);
        assertEquals(2, v.donePoints());
        assertEquals(8, v.remainingPoints());
        assertEquals(2, v.sprintsLeft(5));
        assertThrows(IllegalArgumentException.class, () -> v.sprintsLeft(0));
    }
}
