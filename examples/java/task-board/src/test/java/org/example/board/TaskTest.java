package org.example.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TaskTest {
    @Test
    void advancesThroughTheColumns() {
        Task t = new Task(1, "  Write docs ", Priority.NORMAL, 2);
        assertEquals("Write docs", t.getTitle());
        assertEquals(Status.DOING, t.advance());
        assertEquals(Status.DONE, t.advance());
        assertEquals(Status.DONE, t.advance());
        assertEquals(Status.DONE, t.getStatus());
    }

    @Test
    void tagsAreLowerCasedAndSorted() {
        Task t = new Task(2, "Fix", Priority.HIGH, 1).tag("UI").tag("bug").tag("ui");
        assertEquals(Set.of("bug", "ui"), t.getTags());
        assertEquals(2, t.getId());
        assertEquals(Priority.HIGH, t.getPriority());
        assertEquals(1, t.getPoints());
    }

    @ParameterizedTest
    @CsvSource({"LOW, 3, 3", "HIGH, 2, 6", "URGENT, 0, 5"})
    void scoresByPriorityAndPoints(Priority p, int points, int expected) {
        assertEquals(expected, new Task(3, "x", p, points).score());
    }

    @Test
    void needsATitle() {
        assertThrows(IllegalArgumentException.class, () -> new Task(4, " ", Priority.LOW, 1));
    }

    @Nested
    class WhenDone {
        @Test
        void scoresZero() {
            Task t = new Task(5, "Ship", Priority.URGENT, 8);
            t.advance();
            t.advance();
            assertEquals(0, t.score());
        }
    }
}
