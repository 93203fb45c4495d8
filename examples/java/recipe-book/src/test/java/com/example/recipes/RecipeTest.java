package com.example.recipes;

import static org.hamcrest.CoreMatchers.hasItems;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertThat;

import org.junit.Before;
import org.junit.Test;

public class RecipeTest {
    private Recipe pancakes;

    @Before
    public void setUp() {
        pancakes = new Recipe("Pancakes", 4)
                .add(new Ingredient("Flour", new Quantity(250, Unit.GRAM), 3.6))
                .add(new Ingredient("Milk", new Quantity(0.5, Unit.LITER), 0.64))
                .add(new Ingredient("Egg", new Quantity(2, Unit.PIECE), 70));
    }

    @Test
    public void mergesIngredientsOfTheSameName() {
        Recipe r = new Recipe("Pancakes", 4);
        r.add(new Ingredient("flour", new Quantity(200, Unit.GRAM), 3.6));
        r.add(new Ingredient("Flour", new Quantity(0.1, Unit.KILOGRAM), 3.6));
        assertEquals(1, r.getIngredients().size());
        assertEquals(new Quantity(300, Unit.GRAM), r.getIngredients().get(0).getQuantity());
        assertEquals(1080.0, r.getIngredients().get(0).calories(), 1e-6);
    }

    @Test
    public void caloriesPerServing() {
        // 250 * 3.6 + 500 * 0.64 + 2 * 70 = 1360 over 4 servings
        assertEquals(340.0, pancakes.caloriesPerServing(), 1e-6);
    }

    @Test
    public void keepsStepsTrimmedInOrder() {
        pancakes.step("  mix  ").step("fry");
        assertThat(pancakes.getSteps(), hasItems("mix", "fry"));
        assertEquals("Pancakes", pancakes.getTitle());
        assertEquals(4, pancakes.getServings());
    }

    @Test(expected = IllegalArgumentException.class)
    public void refusesZeroServings() {
        new Recipe("Nothing", 0);
    }
}
