package com.northwind.inventory.api;

import static com.northwind.inventory.util.Text.padLeft;
import static com.northwind.inventory.util.Text.padRight;

import com.northwind.inventory.model.Category;
import com.northwind.inventory.model.Money;
import com.northwind.inventory.model.Product;
import com.northwind.inventory.model.Sku;
import com.northwind.inventory.repo.InMemoryProductRepository;
import com.northwind.inventory.repo.StockLedger;
import com.northwind.inventory.service.*;
import com.northwind.inventory.util.Text;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A line-oriented front end: each command is one line ("register FRZ-0001 Peas 2.50",
 * "receive FRZ-0001 40", "reserve FRZ-0001 5", "value", "reorder", "prices DRY_GOODS").
 * Answers are plain text so the controller can sit behind a socket or a terminal.
 */
public class InventoryController {
    private final InventoryService inventory;
    private final PricingService pricing;
    private final ReorderPlanner planner;
    private final InMemoryProductRepository repository;

    public InventoryController(Clock clock) {
        this.repository = new InMemoryProductRepository();
        this.inventory = new InventoryService(repository, new StockLedger(), clock);
        this.pricing = new PricingService().withCategoryDiscount(Category.DRY_GOODS, 3);
        ReorderPolicy policy = ReorderPolicy.perishableAware(ReorderPolicy.fixed(), 6).atLeast(10);
        this.planner = new ReorderPlanner(inventory, policy, clock);
    }

    public String handle(String line) {
        String[] words = line.trim().split("\\s+");
        try {
            switch (words[0]) {
                case "register":
                    Product product = inventory.register(words[1], words[2], words[3]);
                    return "registered " + product.label() + " as " + product.category();
                case "receive":
                    inventory.receive(words[1], Integer.parseInt(words[2]));
                    return "ok, " + inventory.ledger().available(Sku.of(words[1])) + " available";
                case "reserve":
                    return inventory.reserve(words[1], Integer.parseInt(words[2])) ? "reserved" : "not enough stock";
                case "value":
                    return "stock value " + inventory.stockValue();
                case "reorder":
                    return String.join("\n", planner.describe(planner.plan()));
                case "prices":
                    return priceList(Category.valueOf(words[1]), words.length > 2 ? Integer.parseInt(words[2]) : 1);
                default:
                    return "unknown command: " + words[0];
            }
        } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
            return "error: " + e.getMessage();
        }
    }

    private String priceList(Category category, int quantity) {
        List<String[]> rows = new ArrayList<>();
        for (Product product : repository.findByCategory(category)) {
            Money price = pricing.priceFor(product, quantity);
            int discount = pricing.discountPercent(product, quantity);
            rows.add(new String[] {product.sku().code(), product.name(), discount + "%", price.toString()});
        }
        if (rows.isEmpty()) {
            return "no " + category.name().toLowerCase() + " products";
        }
        return Text.table(rows, 10, Text.NAME_WIDTH, 5, 14);
    }

    public String categorySummary() {
        StringBuilder out = new StringBuilder();
        for (Map.Entry<Category, Integer> entry : inventory.unitsByCategory().entrySet()) {
            out.append(padRight(entry.getKey().name(), 12)).append(padLeft(String.valueOf(entry.getValue()), 8)).append('\n');
        }
        out.append("cold chain: ").append(Text.plural(inventory.coldChainUnits(), "unit"));
        return out.toString();
    }

    public static void main(String[] args) {
        InventoryController controller = new InventoryController(Clock.systemDefaultZone());
        for (String command : args) {
            System.out.println(controller.handle(command));
        }
    }
}
