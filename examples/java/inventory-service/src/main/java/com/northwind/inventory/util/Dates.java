package com.northwind.inventory.util;

import java.time.Clock;
import java.time.DayOfWeek;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;

/** Date helpers shared by the services; every "now" goes through an injected {@link Clock}. */
public final class Dates {
    public static final DateTimeFormatter ISO = DateTimeFormatter.ISO_LOCAL_DATE;

    private Dates() {
    }

    public static LocalDate today(Clock clock) {
        return LocalDate.now(clock);
    }

    public static String isoDate(Clock clock) {
        return today(clock).format(ISO);
    }

    public static long daysBetween(LocalDate from, LocalDate to) {
        return ChronoUnit.DAYS.between(from, to);
    }

    /** The last day a product received on {@code received} may be sold. */
    public static LocalDate expiryDate(LocalDate received, int shelfLifeDays) {
        return received.plusDays(Math.max(0, shelfLifeDays - 1));
    }

    public static boolean isWeekend(LocalDate date) {
        DayOfWeek day = date.getDayOfWeek();
        return day == DayOfWeek.SATURDAY || day == DayOfWeek.SUNDAY;
    }

    /** The next working day strictly after {@code date}. */
    public static LocalDate nextWorkingDay(LocalDate date) {
        LocalDate next = date.plusDays(1);
        while (isWeekend(next)) {
            next = next.plusDays(1);
        }
        return next;
    }
}
