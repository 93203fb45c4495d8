package com.example.recipes;

import static org.hamcrest.CoreMatchers.is;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThat;

import org.junit.Test;

public class QuantityTest {
    @Test
    public void convertsKilogramsToGrams() {
        Quantity q = new Quantity(1.5, Unit.KILOGRAM).convertTo(Unit.GRAM);
        assertEquals(1500.0, q.amount(), 1e-9);
        assertThat(q.unit(), is(Unit.GRAM));
    }

    @Test
    public void addsInItsOwnUnit() {
        Quantity sum = new Quantity(1, Unit.LITER).plus(new Quantity(250, Unit.MILLILITER));
        assertEquals(new Quantity(1.25, Unit.LITER), sum);
        assertEquals("1.25 l", sum.toString());
    }

    @Test
    public void scalesAndHashesConsistently() {
        Quantity a = new Quantity(2, Unit.PIECE).times(1.5);
        assertEquals(3.0, a.amount(), 1e-9);
        assertEquals(new Quantity(3, Unit.PIECE).hashCode(), a.hashCode());
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesMassToVolume() {
        new Quantity(1, Unit.GRAM).convertTo(Unit.LITER);
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesNegativeAmounts() {
        new Quantity(-1, Unit.GRAM);
    }
}
