package org.example.board;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TaskParserTest {
    @Test
    void parsesAllFields() {
        Task t = new TaskParser(10).parseLine("Fix login | h | 3 | bug, auth");
        assertEquals(10, t.getId());
        assertEquals("Fix login", t.getTitle());
        assertEquals(Priority.HIGH, t.getPriority());
        assertEquals(3, t.getPoints());
        assertEquals(Set.of("auth", "bug"), t.getTags());
    }

    @Test
    void skipsCommentsAndNumbersTasks() {
        List<Task> tasks = new TaskParser(1).parseAll("# backlog\nA | low\n\nB | 5 | 2\n");
        assertEquals(2, tasks.size());
        assertEquals(2, tasks.get(1).getId());
        assertEquals(Priority.URGENT, tasks.get(1).getPriority());
    }

    @ParameterizedTest
    @ValueSource(strings = {"no priority", "A | someday"})
    void rejectsBadLines(String line) {
        assertThrows(IllegalArgumentException.class, () -> new TaskParser(1).parseLine(line));
    }
}
